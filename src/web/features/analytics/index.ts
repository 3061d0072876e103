// The analytics feature's public entry. It holds only the way in: the screen itself (and the charting library) is
// loaded by the router on demand, from analytics-page.tsx, so the dashboard and landing page never carry it.
export { analyticsPath } from './path.ts';
