/** A filter's floor: "All floors" (the empty value) or one of them, by name. The caller labels it by `id`. */
export function FloorFilterSelect({
  id,
  value,
  floors,
  onChange,
  className,
}: {
  id: string;
  value: string;
  floors: ReadonlyArray<{ id: string; name: string }>;
  onChange: (floorId: string) => void;
  className: string;
}) {
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={className}>
      <option value="">All floors</option>
      {floors.map((floor) => (
        <option key={floor.id} value={floor.id}>
          {floor.name}
        </option>
      ))}
    </select>
  );
}
