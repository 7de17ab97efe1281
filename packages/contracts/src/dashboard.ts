/** A figure on the admin dashboard; every module contributes its own. */
export interface DashboardCard {
  id: string;
  label: string;
  value: number;
  /** How the value is shown: a count or an amount of money in paisa. */
  format: 'count' | 'money';
  link: string;
  /** The figure split into parts (e.g. orders by status), each linking to its own list. */
  breakdown?: { label: string; value: number; link: string }[];
}

export interface DashboardChart {
  id: string;
  label: string;
  link: string;
  /** How the values are shown: counts (the default) or money in paisa. */
  format?: 'count' | 'money';
  series: { name: string; points: { date: string; value: number }[] }[];
}

export interface DashboardView {
  cards: DashboardCard[];
  charts: DashboardChart[];
}
