import { Classes } from '@blueprintjs/core';
import { refusal, type Workflow } from '../../machines/workflow.js';

/**
 * A small minimal Blueprint button as plain markup: it renders in every visible table row, where
 * the Button component's hooks would be paid once per cell.
 */
export function rowButton(
  text: string,
  onClick: () => void,
  danger = false,
  disabled = false,
  /** Why it is greyed: shown on hover and read out with the button. */
  reason?: string | null,
) {
  const className = [
    Classes.BUTTON,
    Classes.SMALL,
    Classes.MINIMAL,
    danger ? Classes.INTENT_DANGER : '',
    disabled ? Classes.DISABLED : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      key={text}
      type="button"
      className={className}
      onClick={onClick}
      disabled={disabled}
      // the native tooltip on hover, and the button's accessible description for a screen reader
      title={disabled && reason ? reason : undefined}
    >
      <span className={Classes.BUTTON_TEXT}>{text}</span>
    </button>
  );
}

/**
 * A row's workflow action (冲红, 报名, 确认): greyed where the record cannot take the event, naming
 * why (the workflow's refusal, the server's own words), so no greyed action is left unexplained
 * (issue #42 point 5).
 */
export function workflowButton(
  workflow: Workflow,
  row: Record<string, unknown>,
  event: string,
  label: string,
  onClick: () => void,
  danger = false,
) {
  const why = refusal(workflow, row, event, label);
  return rowButton(label, onClick, danger, why !== null, why);
}
