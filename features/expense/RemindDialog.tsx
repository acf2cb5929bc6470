import { Button, Callout, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { staticDictionaries } from '../../domain/dictionaries.js';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { costPath, ExpensePaths as P } from './api.js';
import { messageOf, useGet } from './queries.js';

/** 发送提醒: choose the template, read the text and the family phones it goes to, send. */
export function RemindDialog({
  oldmanId,
  oldmanName,
  onClose,
}: {
  oldmanId: number;
  oldmanName: string;
  onClose(changed: boolean): void;
}) {
  const { request, toast } = useApp();
  const [template, setTemplate] = useState('1');
  const preview = useGet<{ content: string; phones: string[] }>(
    costPath(P.remindPreview, { oldmanId, remindTemplate: template }),
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const sent = await request<{ phones: string[] }>({
        url: costPath(P.remindSend, { oldmanId }),
        method: 'POST',
        silent: true,
        data: { remindTemplate: Number(template) },
      });
      toast(`已发送至 ${sent.phones.join('、')}`, 'success');
      onClose(true);
    } catch (e) {
      setError(messageOf(e, '发送失败'));
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`发送缴费提醒：${oldmanName}`} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        <FormGroup label="提醒模板" labelFor="remind-template">
          <HTMLSelect
            id="remind-template"
            value={template}
            onChange={(e) => setTemplate(e.currentTarget.value)}
          >
            {staticDictionaries.remindTemplate.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="短信内容">
          <Callout data-testid="remind-content">{preview?.content ?? '加载中…'}</Callout>
        </FormGroup>
        <FormGroup label="接收电话">
          {preview ? (
            preview.phones.length ? (
              preview.phones.join('、')
            ) : (
              <span className="expense-due">该长者没有登记家属电话</span>
            )
          ) : null}
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button
              intent={Intent.PRIMARY}
              text="发送"
              loading={busy}
              disabled={!preview?.phones.length}
              onClick={send}
            />
          </>
        }
      />
    </Dialog>
  );
}
