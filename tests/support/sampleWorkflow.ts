import { assign, setup } from 'xstate';
import { defineWorkflow } from '../../machines/workflow.js';

/** The throwaway module's workflow: a tool in service is retired, a retired one restored. */
export const toolMachine = setup({
  types: {} as { context: { inService: number }; events: { type: 'tool.retire' } | { type: 'tool.restore' } },
}).createMachine({
  id: 'tool',
  context: { inService: 1 },
  initial: 'inService',
  states: {
    inService: {
      meta: { label: '在用' },
      on: { 'tool.retire': { target: 'retired', actions: assign({ inService: 0 }) } },
    },
    retired: {
      meta: { label: '已退役' },
      on: { 'tool.restore': { target: 'inService', actions: assign({ inService: 1 }) } },
    },
  },
});

export const toolWorkflow = defineWorkflow({
  machine: toolMachine,
  stateOf: (row) => (Number(row.inService ?? 1) === 1 ? 'inService' : 'retired'),
  contextOf: (row) => ({ inService: Number(row.inService ?? 1) }),
  fieldsOf: (context) => ({ inService: context.inService }),
  stateName: (row) => (Number(row.inService ?? 1) === 1 ? '在用' : '已退役'),
  initialFields: { inService: 1 },
});
