import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { ResourceList, useResourceAuthority } from '../../../src/resource/index.js';
import { SignAlarm, type SignKind } from '../api/careHealth.js';
import { signKindResource, signTypeOf } from '../resources/health.js';
import { VitalsDialog } from './VitalsForm.js';

const thresholds: Record<SignKind, string> = {
  bloodPressure: `收缩压 ≥ ${SignAlarm.systolicHigh} 或舒张压 ≥ ${SignAlarm.diastolicHigh} mmHg，或收缩压 < ${SignAlarm.systolicLow} mmHg`,
  bloodOxygen: `血氧饱和度 < ${SignAlarm.bloodOxygenLow}%`,
  bloodSugar: `血糖 < ${SignAlarm.bloodSugarLow} 或 ≥ ${SignAlarm.bloodSugarHigh} mmol/L`,
  heartRate: `心率 < ${SignAlarm.heartRateLow} 或 > ${SignAlarm.heartRateHigh} 次/分`,
  temperature: `体温 ≥ ${SignAlarm.temperatureHigh} ℃ 或 < ${SignAlarm.temperatureLow} ℃`,
  weight: '',
};

/** One kind of hand-entered reading: the shared list with that kind's columns and form. */
function SignList({ kind }: { kind: SignKind }) {
  const def = signKindResource(kind);
  const can = useResourceAuthority(def);
  const [entering, setEntering] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <div className="page" data-testid={`page-sign-${kind}`}>
      {can.canCreate ? (
        <div className="vitals-entry">
          <Button
            intent="primary"
            icon="pulse"
            text="录入体征（多项）"
            title="一位长者一次测量的血压、心率、体温、血氧、血糖、体重一起录入"
            onClick={() => setEntering(true)}
          />
          <VitalsDialog
            isOpen={entering}
            onClose={() => setEntering(false)}
            onSaved={() => setVersion((v) => v + 1)}
          />
        </div>
      ) : null}
      <Callout icon="info-sign" compact>
        {thresholds[kind]
          ? `${thresholds[kind]}时，录入后在 告警中心 › 床垫告警 报警（与床垫告警一起处理）。`
          : '体重记录保留历史，在 个人健康 查看趋势；不设告警阈值。'}
      </Callout>
      <ResourceList
        key={version}
        def={def}
        canCreate={can.canCreate}
        canEdit={can.canEdit}
        canRemove={can.canRemove}
        fixedParams={{ signType: signTypeOf(kind) }}
        createInitial={{ signType: signTypeOf(kind) }}
      />
    </div>
  );
}

export const BloodPressure = () => <SignList kind="bloodPressure" />;
export const BloodOxygen = () => <SignList kind="bloodOxygen" />;
export const BloodSugar = () => <SignList kind="bloodSugar" />;
export const HeartRate = () => <SignList kind="heartRate" />;
export const Temperature = () => <SignList kind="temperature" />;
export const Weight = () => <SignList kind="weight" />;
