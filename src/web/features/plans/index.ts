// The plans feature's public entry: other features, pages and the app import it from here only.
export { PlanCard, planNameId } from './plan-card.tsx';
