import { useEffect, useRef } from 'react';

/**
 * "Load more" for a list that grows by pages: it asks for the next page and then moves focus to the first item of
 * that page, so keyboard and screen-reader users continue where the new items start. Each item takes
 * `itemRef(index)` and is focusable (tabIndex -1).
 */
export function useLoadMoreFocus<Item extends HTMLElement>(count: number, fetchNextPage: () => Promise<unknown>) {
  const focusIndex = useRef<number | null>(null);
  const items = useRef(new Map<number, Item>());

  useEffect(() => {
    if (focusIndex.current === null || focusIndex.current >= count) return;
    items.current.get(focusIndex.current)?.focus();
    focusIndex.current = null;
  }, [count]);

  const loadMore = () => {
    focusIndex.current = count;
    void fetchNextPage();
  };
  const itemRef = (index: number) => (node: Item | null) => {
    if (node) items.current.set(index, node);
    else items.current.delete(index);
  };
  return { loadMore, itemRef };
}
