import { Button, NonIdealState } from '@blueprintjs/core';
import { ShellScreens } from '../../domain/shellScreens.js';
import { navigate } from '../../src/router/hash.js';

/** Spec 000 §2 fallback: /notimpliment. */
export function NotImplemented() {
  return (
    <div className="page" data-testid="page-not-implemented">
      <NonIdealState icon="build" title="功能未实现" description="正在加紧开发中" />
    </div>
  );
}

/** The catch-all for unknown routes. */
export function NotFound() {
  return (
    <div className="page" data-testid="page-not-found">
      <NonIdealState
        icon="search"
        title="页面不存在"
        description="您访问的页面不存在或已被移除"
        action={<Button icon="home" text="返回首页" onClick={() => navigate(ShellScreens.workbench)} />}
      />
    </div>
  );
}
