import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

const RESEND_SECONDS = 60;

/** Sends an SMS code, then counts down before it may be sent again. */
export function SmsCodeButton({ send, disabled }: { send(): Promise<unknown>; disabled?: boolean }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Button
      disabled={disabled || left > 0}
      loading={busy}
      onClick={() => {
        setBusy(true);
        send().then(
          () => {
            setBusy(false);
            setLeft(RESEND_SECONDS);
          },
          () => setBusy(false),
        );
      }}
    >
      {left > 0 ? `${left}秒后重发` : '获取验证码'}
    </Button>
  );
}
