import { useState } from 'react';
import type { ResourceDef } from '../../../domain/resource.js';
import type { Workflow } from '../../../machines/workflow.js';
import { type FormStep, useFormSteps } from '../../../src/resource/formSteps.js';
import { ResourceList, type Row, useResourceAuthority } from '../../../src/resource/index.js';

/**
 * The list of a care-quality record that moves through a workflow: 新增, then per row 删除 (greyed
 * with its reason where the definition's row rule refuses it, as the server does), the plain
 * workflow actions of the definition, and the steps with a form — each greyed where the record's
 * state refuses it.
 */
export function WorkflowList(props: {
  def: ResourceDef;
  workflow: Workflow;
  steps: readonly FormStep[];
  testId: string;
  onOpen?(row: Row): void;
}) {
  const { def, workflow } = props;
  const may = useResourceAuthority(def);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const steps = useFormSteps(workflow, props.steps, reload);
  return (
    <div className="page" data-testid={props.testId}>
      <ResourceList
        def={def}
        canCreate={may.canCreate}
        canRemove={may.canRemove}
        refreshKey={version}
        onOpen={props.onOpen}
        rowActions={steps.buttons}
        actionsWidth={320}
      />
      {steps.dialog}
    </div>
  );
}
