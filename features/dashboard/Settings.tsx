import { Button, ButtonGroup, Callout, Checkbox, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { DashboardScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { navigate } from '../../src/router/hash.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import {
  DashboardAuthority as A,
  defaultShowSet,
  DashboardPaths as P,
  panelTitle,
  type ShowSet,
} from './api.js';
import { movePanel } from './movePanel.js';
import './dashboard.css';

/**
 * 看板设置 (/home/echartsSetting, alias /systemSetting/echartsSetting): which panels the user's
 * dashboard shows and in what order (上移/下移), saved on the server for this user.
 */
export function Settings() {
  const { request, toast } = useApp();
  const maySave = useAuthority(A.settingSave);
  const [set, setSet] = useState<ShowSet | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    request<ShowSet>({ url: P.showSet, silent: true }).then(setSet, (e: Error) => setError(e.message));
  }, [request]);

  if (!set) return error ? <ErrorCallout>{error}</ErrorCallout> : <Spinner />;
  const panels = set.panels;
  const toggle = (i: number) =>
    setSet({ panels: panels.map((p, j) => (j === i ? { ...p, show: !p.show } : p)) });
  const move = (i: number, by: -1 | 1) => setSet({ panels: movePanel(panels, i, by) });
  const save = async () => {
    setBusy(true);
    try {
      setSet(await request<ShowSet>({ url: P.showSet, method: 'PUT', data: set, silent: true }));
      setError('');
      toast('看板设置已保存', 'success');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dashboard-settings">
      <Callout icon="info-sign">
        勾选要在数据看板显示的图表，用上移、下移调整顺序，保存后看板按此显示。
      </Callout>
      {error && <ErrorCallout>{error}</ErrorCallout>}
      <ol aria-label="看板图表">
        {panels.map((p, i) => (
          <li key={p.panel} data-panel={p.panel}>
            <Checkbox checked={p.show} label={panelTitle[p.panel]} onChange={() => toggle(i)} />
            <ButtonGroup variant="minimal">
              <Button icon="arrow-up" disabled={i === 0} onClick={() => move(i, -1)}>
                上移
              </Button>
              <Button icon="arrow-down" disabled={i === panels.length - 1} onClick={() => move(i, 1)}>
                下移
              </Button>
            </ButtonGroup>
          </li>
        ))}
      </ol>
      <ButtonGroup>
        {maySave && (
          <Button intent="primary" icon="floppy-disk" loading={busy} onClick={() => void save()}>
            保存
          </Button>
        )}
        <Button icon="reset" onClick={() => setSet(defaultShowSet())}>
          恢复默认
        </Button>
        <Button icon="dashboard" onClick={() => navigate(DashboardScreens.moreEcharts)}>
          查看看板
        </Button>
      </ButtonGroup>
    </div>
  );
}
