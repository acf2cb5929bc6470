import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { BuildingOption, PlaceFilter } from './rows.js';

/** Building, floor and a name/room search: the filters of the monitors and the bed cards. */
export function PlaceFilterBar({
  value,
  buildings,
  onChange,
}: {
  value: PlaceFilter;
  buildings: BuildingOption[];
  onChange(value: PlaceFilter): void;
}) {
  const floors = buildings.find((b) => String(b.buildingId) === value.buildingId)?.floors ?? [];
  return (
    <>
      <HTMLSelect
        aria-label="楼栋"
        value={value.buildingId}
        onChange={(e) => onChange({ ...value, buildingId: e.currentTarget.value, floorNo: '' })}
      >
        <option value="">全部楼栋</option>
        {buildings.map((b) => (
          <option key={b.buildingId} value={b.buildingId}>
            {b.buildingName}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label="楼层"
        value={value.floorNo}
        disabled={value.buildingId === ''}
        onChange={(e) => onChange({ ...value, floorNo: e.currentTarget.value })}
      >
        <option value="">全部楼层</option>
        {floors.map((f) => (
          <option key={f.floorNo} value={f.floorNo}>
            {f.floorName}
          </option>
        ))}
      </HTMLSelect>
      <InputGroup
        leftIcon="search"
        placeholder="长者姓名、房间或床位"
        aria-label="搜索"
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
      />
    </>
  );
}
