import { useState } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import { offers, type Workflow } from '../../machines/workflow.js';
import { ResourceList, type Row, useResourceAuthority } from '../../src/resource/index.js';
import { type FormStep, useFormSteps, useRemoveStep } from './steps.js';

/**
 * The list of a care-quality record that moves through a workflow: 新增, then per row 删除 (only
 * where the machine still takes `removableWhile`), the plain workflow actions of the definition,
 * and the steps with a form — each greyed where the record's state refuses it.
 */
export function WorkflowList(props: {
  def: ResourceDef;
  workflow: Workflow;
  steps: readonly FormStep[];
  /** The event whose state still lets the record be deleted (its first step). */
  removableWhile: string;
  testId: string;
  onOpen?(row: Row): void;
}) {
  const { def, workflow } = props;
  const may = useResourceAuthority(def);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const steps = useFormSteps(workflow, props.steps, reload);
  const removal = useRemoveStep(def, (row) => offers(workflow, row, props.removableWhile), reload);
  return (
    <div className="page" data-testid={props.testId}>
      <ResourceList
        def={def}
        canCreate={may.canCreate}
        refreshKey={version}
        onOpen={props.onOpen}
        rowActions={(row) => (
          <>
            {removal.button(row)}
            {steps.buttons(row)}
          </>
        )}
        actionsWidth={320}
      />
      {steps.dialog}
      {removal.dialog}
    </div>
  );
}
