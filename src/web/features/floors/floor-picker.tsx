import type { Floor } from './list-floors.ts';

/** The sidebar's floor picker; the first floor is chosen for the user until they pick another. */
export function FloorPicker({
  floors,
  selectedFloorId,
  isLoading,
  onChange,
}: {
  floors: readonly Floor[];
  selectedFloorId: string | undefined;
  isLoading: boolean;
  onChange: (floorId: string) => void;
}) {
  const isEmpty = floors.length === 0;
  return (
    <div className="px-3 pb-2">
      <label htmlFor="floor-picker" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Floor
      </label>
      <select
        id="floor-picker"
        value={selectedFloorId ?? ''}
        disabled={isEmpty}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:bg-slate-50 disabled:text-slate-600"
      >
        {isEmpty ? (
          <option value="">{isLoading ? 'Loading floors…' : 'No floors yet'}</option>
        ) : (
          floors.map((floor) => (
            <option key={floor.id} value={floor.id}>
              {floor.name}
            </option>
          ))
        )}
      </select>
    </div>
  );
}
