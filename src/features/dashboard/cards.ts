/** The dashboard's cards, in order; admin-only ones are shown to admins and superusers. */
import { ru } from '../../i18n/ru.ts';

const t = ru.dashboard;

export type CardIcon = 'map' | 'model' | 'dataset' | 'upload' | 'spark' | 'forecast' | 'scores';

export interface DashboardCard {
  to: '/forecasts' | '/models' | '/datasets' | '/upload' | '/generate-model' | '/generate-forecast' | '/verification';
  title: string;
  description: string;
  icon: CardIcon;
  adminOnly: boolean;
}

const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { to: '/forecasts', title: t.forecastsTitle, description: t.forecastsText, icon: 'map', adminOnly: false },
  { to: '/models', title: t.modelsTitle, description: t.modelsText, icon: 'model', adminOnly: false },
  { to: '/datasets', title: t.datasetsTitle, description: t.datasetsText, icon: 'dataset', adminOnly: false },
  { to: '/verification', title: ru.verification.title, description: ru.verification.cardText, icon: 'scores', adminOnly: false },
  { to: '/upload', title: t.uploadTitle, description: t.uploadText, icon: 'upload', adminOnly: true },
  {
    to: '/generate-model',
    title: t.generateModelTitle,
    description: t.generateModelText,
    icon: 'spark',
    adminOnly: true,
  },
  {
    to: '/generate-forecast',
    title: t.generateForecastTitle,
    description: t.generateForecastText,
    icon: 'forecast',
    adminOnly: true,
  },
];

export function cardsFor(admin: boolean): DashboardCard[] {
  return DASHBOARD_CARDS.filter((card) => admin || !card.adminOnly);
}
