import '../../src/util/zodJitless.js';
import '@blueprintjs/core/lib/css/blueprint.css';
import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';

/** error.html (spec 000 §2, §8): start-up failures land here with their code and message. */
function ErrorPage() {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code') ?? '990';
  const message = params.get('msg') ?? '系统启动失败';
  return (
    <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <NonIdealState
        icon="error"
        title="系统出错了"
        description={
          <span data-testid="error-message">
            {message}#{code}
          </span>
        }
        action={
          <Button
            intent={Intent.PRIMARY}
            text="重新进入"
            onClick={() => window.location.assign('/index.html')}
          />
        }
      />
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<ErrorPage />);
