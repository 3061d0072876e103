import { isSubscriptionEnabled } from '#domain/subscription.ts';
import { useOrganizations } from '../organizations/index.ts';
import { FloorActions } from './floor-actions.tsx';
import type { Floor } from './list-floors.ts';

/** Whether the signed-in user may rename and delete this floor: an admin of its organization who may edit floors. */
function useCanManageFloor(floor: Floor | undefined): boolean {
  const organizations = useOrganizations();
  const organization = organizations.data?.find((item) => item.id === floor?.organizationId);
  return Boolean(
    organization && organization.role === 'admin' && isSubscriptionEnabled(organization.subscription, new Date()),
  );
}

/**
 * The sidebar's floor picker; the first floor is chosen for the user until they pick another. Admins who may edit
 * floor plans rename and delete the chosen floor beside it (issue 15).
 */
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
  const selected = floors.find((floor) => floor.id === selectedFloorId);
  const canManage = useCanManageFloor(selected);
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
      {selected && canManage && <FloorActions key={selected.id} floor={selected} />}
    </div>
  );
}
