import { Button, ButtonGroup, Intent, Menu, MenuItem, Section, SectionCard } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import './systemSettings.css';
import { FormTemplatePaths } from '../../domain/api/settingsPaths.js';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { TypeNameDialog } from './TypeNameDialog.js';
import { moveType, type TemplateFamilyValue, type TemplateType } from './templateTypes.js';

const URL = FormTemplatePaths.types;

/**
 * The template types of one family, in their order: choose one, add, rename, move up or down
 * (PUT templateType/sort), delete. After every load the selection is reported again, so the
 * screen always holds the current name, or the first type when the chosen one is gone.
 */
export function TemplateTypeList({
  family,
  selectedId,
  onSelect,
}: {
  family: TemplateFamilyValue;
  selectedId: number | null;
  onSelect(type: TemplateType | null): void;
}) {
  const { request, toast } = useApp();
  const [types, setTypes] = useState<TemplateType[]>([]);
  const [naming, setNaming] = useState<TemplateType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TemplateType | null>(null);
  const latest = useRef({ selectedId, onSelect });
  latest.current = { selectedId, onSelect };

  const load = useCallback(
    (prefer?: number) =>
      request<TemplateType[]>({ url: URL, params: { isHome: family } }).then((list) => {
        setTypes(list);
        const wanted = prefer ?? latest.current.selectedId;
        latest.current.onSelect(list.find((t) => t.typeId === wanted) ?? list[0] ?? null);
      }, ignore),
    [request, family],
  );
  useEffect(() => {
    load();
  }, [load]);
  usePageRefresh(() => load());

  const selected = types.find((t) => t.typeId === selectedId) ?? null;
  const move = (delta: -1 | 1) => {
    const order = selected && moveType(types, selected.typeId, delta);
    if (order)
      request({ url: FormTemplatePaths.typeSort, method: 'PUT', data: order }).then(() => load(), ignore);
  };
  // Errors of these calls are the server's messages; the client shows them as toasts.
  const saveName = async (typeName: string) => {
    if (naming === 'new') {
      const { typeId } = await request<{ typeId: number }>({
        url: URL,
        method: 'POST',
        data: { typeName, isHome: family },
      });
      toast(`已新增类型“${typeName}”`, 'success');
      await load(typeId);
    } else if (naming) {
      await request({ url: URL, method: 'PUT', data: { typeId: naming.typeId, typeName } });
      toast('类型已重命名', 'success');
      await load();
    }
    setNaming(null);
  };
  const remove = (type: TemplateType) =>
    request({ url: URL, method: 'DELETE', params: { typeId: type.typeId } }).then(() => {
      toast(`已删除类型“${type.typeName}”`, 'success');
      return load();
    }, ignore);

  const index = selected ? types.indexOf(selected) : -1;
  return (
    <Section
      className="template-types"
      title="模板类型"
      compact
      data-testid="template-types"
      rightElement={
        <Authorized code={Authority.templateDocument} mode="remove">
          <Button
            size="small"
            variant="minimal"
            icon="add"
            text="新增类型"
            onClick={() => setNaming('new')}
          />
        </Authorized>
      }
    >
      <SectionCard padded={false}>
        {types.length > 0 ? (
          <Menu className="template-type-menu">
            {types.map((t) => (
              <MenuItem
                key={t.typeId}
                icon={t.typeId === selectedId ? 'folder-open' : 'folder-close'}
                text={t.typeName}
                active={t.typeId === selectedId}
                onClick={() => onSelect(t)}
              />
            ))}
          </Menu>
        ) : (
          <p className="template-types-empty">暂无类型</p>
        )}
      </SectionCard>
      <Authorized code={Authority.templateDocument} mode="remove">
        <SectionCard className="template-type-actions">
          <ButtonGroup fill size="small" variant="outlined">
            <Button
              icon="arrow-up"
              title="上移"
              aria-label="上移"
              disabled={index <= 0}
              onClick={() => move(-1)}
            />
            <Button
              icon="arrow-down"
              title="下移"
              aria-label="下移"
              disabled={index < 0 || index >= types.length - 1}
              onClick={() => move(1)}
            />
            <Button
              icon="edit"
              title="重命名"
              aria-label="重命名"
              disabled={!selected}
              onClick={() => setNaming(selected)}
            />
            <Button
              icon="trash"
              title="删除类型"
              aria-label="删除类型"
              intent={Intent.DANGER}
              disabled={!selected}
              onClick={() => setDeleting(selected)}
            />
          </ButtonGroup>
        </SectionCard>
      </Authorized>
      {naming && (
        <TypeNameDialog
          title={naming === 'new' ? '新增模板类型' : '重命名模板类型'}
          initial={naming === 'new' ? '' : naming.typeName}
          onClose={() => setNaming(null)}
          onSave={saveName}
        />
      )}
      <ConfirmDelete item={deleting} onClose={() => setDeleting(null)} onConfirm={remove}>
        确定删除模板类型“{deleting?.typeName}”吗？类型下仍有模板时不能删除。
      </ConfirmDelete>
    </Section>
  );
}

const ignore = () => undefined;
