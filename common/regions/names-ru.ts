/**
 * The regions' Russian names, as the sidebar's 'Район' choice and `GET /api/v1/regions` show them. Here (not in
 * src/i18n/) because the server names them too; `src/i18n/ru/regions.ts` re-exports them for the app.
 */
export const regionNamesRu = {
  sector: 'Карское море и море Лаптевых',
  arctic: 'Арктика целиком',
} as const;
