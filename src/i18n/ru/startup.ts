/** The startup gate while the demo data is prepared (src/features/startup). */
export const startup = {
  preparing: 'Подготовка демонстрационных данных…',
} as const;
