/**
 * A collapsible group of the /forecasts sidebar ('Прогноз', 'Инструменты', 'Судно', 'Качество прогноза'): a
 * heading button with aria-expanded over the group's controls. Collapsed controls stay mounted (hidden), so
 * what they run (an animation, a loader) goes on. Which groups are open is kept in localStorage, per browser:
 * a forecaster who folds the tools away finds them folded next time.
 */
import { useId, useState, type ReactNode } from 'react';
import './sidebar-group.css';

/** The groups, in the sidebar's order; the key names the group in storage and in `data-group`. */
export type SidebarGroupId = 'forecast' | 'tools' | 'chart' | 'ship' | 'quality';

const STORAGE_KEY = 'ice.sidebarGroups';

function readOpenGroups(): Partial<Record<SidebarGroupId, boolean>> {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Partial<Record<SidebarGroupId, boolean>>) : {};
  } catch {
    return {}; // storage off (a private window) or garbled: every group as it starts
  }
}

function storeOpen(id: SidebarGroupId, open: boolean): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ ...readOpenGroups(), [id]: open }));
  } catch {
    // Storage full or off: the group still opens and closes, it is just not remembered.
  }
}

export interface SidebarGroupProps {
  id: SidebarGroupId;
  title: string;
  /** Open on a first visit (before the user chose); the forecast's own controls are. */
  defaultOpen?: boolean;
  children: ReactNode;
}

export function SidebarGroup({ id, title, defaultOpen = true, children }: SidebarGroupProps) {
  const [open, setOpen] = useState(() => readOpenGroups()[id] ?? defaultOpen);
  const bodyId = useId();
  const toggle = () => {
    storeOpen(id, !open);
    setOpen(!open);
  };
  return (
    <section className="sidebar-group" data-group={id}>
      <h2 className="sidebar-group__heading">
        <button type="button" className="sidebar-group__toggle" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
          <span className="caret sidebar-group__caret" aria-hidden="true" />
          {title}
        </button>
      </h2>
      <div id={bodyId} className="sidebar-group__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
