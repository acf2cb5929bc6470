import { Callout } from '@blueprintjs/core';
import { SignAlarm, type SignKind } from '../../domain/api/careHealth.js';
import { nowStamp } from '../../domain/clock.js';
import { signKindResource, signTypeOf } from '../../domain/modules/care/health.js';
import { ResourceList, useResourceAuthority } from '../../src/resource/index.js';

const thresholds: Record<SignKind, string> = {
  bloodPressure: `收缩压 ≥ ${SignAlarm.systolicHigh} 或舒张压 ≥ ${SignAlarm.diastolicHigh} mmHg，或收缩压 < ${SignAlarm.systolicLow} mmHg`,
  bloodOxygen: `血氧饱和度 < ${SignAlarm.bloodOxygenLow}%`,
  bloodSugar: `血糖 < ${SignAlarm.bloodSugarLow} 或 ≥ ${SignAlarm.bloodSugarHigh} mmol/L`,
  heartRate: `心率 < ${SignAlarm.heartRateLow} 或 > ${SignAlarm.heartRateHigh} 次/分`,
  temperature: `体温 ≥ ${SignAlarm.temperatureHigh} ℃ 或 < ${SignAlarm.temperatureLow} ℃`,
};

/** One kind of hand-entered reading: the shared list with that kind's columns and form. */
function SignList({ kind }: { kind: SignKind }) {
  const def = signKindResource(kind);
  const can = useResourceAuthority(def);
  return (
    <div className="page" data-testid={`page-sign-${kind}`}>
      <Callout icon="info-sign" compact>
        {thresholds[kind]}时，录入后在 告警中心 › 床垫告警 报警（与床垫告警一起处理）。
      </Callout>
      <ResourceList
        def={def}
        canCreate={can.canCreate}
        canEdit={can.canEdit}
        canRemove={can.canRemove}
        fixedParams={{ signType: signTypeOf(kind) }}
        createInitial={{ signType: signTypeOf(kind), measureTime: nowStamp() }}
      />
    </div>
  );
}

export const BloodPressure = () => <SignList kind="bloodPressure" />;
export const BloodOxygen = () => <SignList kind="bloodOxygen" />;
export const BloodSugar = () => <SignList kind="bloodSugar" />;
export const HeartRate = () => <SignList kind="heartRate" />;
export const Temperature = () => <SignList kind="temperature" />;
