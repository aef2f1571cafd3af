import { ru } from '../../i18n/ru.ts';
import { LoadErrorView } from '../../loading/load-error-view.tsx';
import { CycleStatusView } from './cycle-status-view.tsx';
import { describeJob, formatWhen } from './describe-job.ts';
import './jobs-list.css';
import { useJobsList } from './use-jobs-list.ts';

const t = ru.jobsList;

/** /jobs (admin, superuser): every job, newest first, refreshed while jobs run. */
export function JobsPage() {
  const { jobs, error, retry } = useJobsList();
  return (
    <div className="jobs-page">
      <h1>{t.title}</h1>
      <CycleStatusView />
      {jobs === null && !error && <p role="status">{ru.app.loading}</p>}
      {error ? <LoadErrorView error={error} onRetry={retry} /> : null}
      {jobs !== null && jobs.length === 0 && <p className="empty">{t.empty}</p>}
      {jobs !== null && jobs.length > 0 && (
        <table className="jobs-table">
          <thead>
            <tr>
              <th scope="col">{t.id}</th>
              <th scope="col">{t.kind}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.progress}</th>
              <th scope="col">{t.who}</th>
              <th scope="col">{t.when}</th>
              <th scope="col">{t.outcome}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => {
              const percent = Math.round(job.progress * 100);
              const outcome = describeJob(job);
              return (
                <tr key={job.id} data-job-id={job.id} data-job-status={job.status}>
                  <td>{job.id}</td>
                  <td>{t.kinds[job.kind] ?? job.kind}</td>
                  <td>{ru.jobs.status[job.status]}</td>
                  <td>
                    <progress aria-label={ru.jobs.progress} max={100} value={percent} /> {percent}%
                  </td>
                  <td>{job.username ?? t.nobody}</td>
                  <td>
                    <time dateTime={job.created_at}>{formatWhen(job.created_at)}</time>
                  </td>
                  <td className={`jobs-table__outcome${job.status === 'failed' ? ' job-error' : ''}`} title={outcome}>
                    {outcome}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
