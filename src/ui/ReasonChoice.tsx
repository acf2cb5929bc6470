import { Button, TextArea } from '@blueprintjs/core';

/**
 * A required reason: the common ones as one-tap buttons, or typed (a task not done, a dose refused or
 * held). The buttons fill the text, which stays the one value.
 */
export function ReasonChoice(props: {
  /** 未完成原因, 拒服原因…: the prompt and the text box's name. */
  label: string;
  reasons: readonly string[];
  value: string;
  onChange(reason: string): void;
  className?: string;
}) {
  return (
    <>
      <p>请选择或填写{props.label}（必填）：</p>
      <div className={props.className}>
        {props.reasons.map((r) => (
          <Button key={r} large active={props.value === r} text={r} onClick={() => props.onChange(r)} />
        ))}
      </div>
      <TextArea
        fill
        aria-label={props.label}
        value={props.value}
        maxLength={100}
        placeholder="其他原因"
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
