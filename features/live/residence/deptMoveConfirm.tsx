import { Alert, Intent } from '@blueprintjs/core';
import { useCallback, useRef, useState } from 'react';
import { Code } from '../../../domain/codes.js';

/** The clerk answered 取消 to the department question: nothing was changed. */
export class DeptMoveCancelled extends Error {
  constructor() {
    super('');
    this.name = 'DeptMoveCancelled';
  }
}

/**
 * A residence change that would put the elder in the data department of the new bed (预订, 入住,
 * 调整床位, 交换床位) is refused by the server with Code.deptMoveUnconfirmed and the question to
 * ask, naming both departments; `run` asks it and, when the clerk agrees, sends again with
 * confirmDeptMove: true (issue #36 point 5). 取消 rejects with DeptMoveCancelled.
 */
export function useDeptMoveConfirm() {
  const [question, setQuestion] = useState<string | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const run = useCallback(async <T,>(send: (confirmDeptMove?: true) => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (e) {
      const { code, message } = e as { code?: unknown; message?: string };
      if (code !== Code.deptMoveUnconfirmed) throw e;
      const yes = await new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setQuestion(message ?? '');
      });
      if (!yes) throw new DeptMoveCancelled();
      return send(true);
    }
  }, []);
  const reply = (yes: boolean) => {
    const resolve = answer.current;
    answer.current = null;
    setQuestion(null);
    resolve?.(yes);
  };
  const dialog = (
    <Alert
      isOpen={question !== null}
      intent={Intent.WARNING}
      icon="swap-horizontal"
      confirmButtonText="确定继续"
      cancelButtonText="取消"
      onConfirm={() => reply(true)}
      onCancel={() => reply(false)}
    >
      <h4 className="bp6-heading">更换所属部门</h4>
      <p data-testid="dept-move-question">{question}</p>
    </Alert>
  );
  return { run, dialog };
}
