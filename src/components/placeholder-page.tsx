import { ru } from '../i18n/ru.ts';

/** A titled page for a screen that a later issue fills in. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{ru.placeholders.soon}</p>
    </section>
  );
}
