/**
 * How the queue modules send SQL: pg-boss's own database handle (`boss.getDb()`), so the queue uses one pool
 * per process. Values are bound as $1, $2, …; without values a string may hold several statements.
 */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
