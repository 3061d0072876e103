// The neighbourhoods feature's public entry (issue 29): other features, pages and the app import it from here only.
export {
  type Neighbourhood,
  neighbourhoodsKey,
  neighbourhoodsQuery,
  useNeighbourhoods,
} from './list-neighbourhoods.ts';
export { NeighbourhoodAreas } from './neighbourhood-areas.tsx';
export { NeighbourhoodFilter } from './neighbourhood-filter.tsx';
export { NeighbourhoodPanel } from './neighbourhood-panel.tsx';
export { useDeskNeighbourhood } from './use-desk-neighbourhood.ts';
