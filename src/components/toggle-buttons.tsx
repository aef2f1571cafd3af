import type { ReactNode } from 'react';

export interface ToggleButtonsProps<T extends string | number> {
  values: readonly T[];
  /** The pressed one. */
  active: T;
  onChange: (value: T) => void;
  /** What each button says. */
  label: (value: T) => ReactNode;
  /** One button a line (long labels) instead of a row. */
  column?: boolean;
}

/** A set of toggle buttons of which one is pressed (`aria-pressed`): the map's mode, a generated forecast's runs. */
export function ToggleButtons<T extends string | number>({ values, active, onChange, label, column = false }: ToggleButtonsProps<T>) {
  return (
    <div className={column ? 'forecast-sidebar__buttons forecast-sidebar__buttons--column' : 'forecast-sidebar__buttons'}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className={value === active ? 'toggle is-active' : 'toggle'}
          aria-pressed={value === active}
          onClick={() => onChange(value)}
        >
          {label(value)}
        </button>
      ))}
    </div>
  );
}
