import { Button, ButtonGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { UploadPaths } from '../../domain/api/uploads.js';
import { useApp } from '../../src/app/AppContext.js';
import './education.css';

/**
 * The article editor (docs/decisions.md "Education"): a contentEditable surface with a small
 * Blueprint toolbar — 加粗, 斜体, 标题, 列表, 链接, 图片 (uploaded through the common image upload);
 * an image pasted with Ctrl+V goes the same way, and a failed upload says so (issue #42 point 2).
 * What it produces is only a proposal: the server sanitises the HTML before storing it.
 */
export function RichTextEditor({
  initial,
  onChange,
  onError,
  onUploading,
}: {
  initial: string;
  onChange(html: string): void;
  onError(message: string): void;
  /** How many images are being uploaded: the page does not save while one is on its way. */
  onUploading?(count: number): void;
}) {
  const { request } = useApp();
  const surface = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const saved = useRef<Range | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const uploading = uploads > 0;
  const pending = useRef(0);
  const count = (delta: number) => {
    pending.current += delta;
    setUploads(pending.current);
    onUploading?.(pending.current);
  };
  // the surface owns its content once shown; React writes it only when a stored article arrives
  useEffect(() => {
    if (surface.current && surface.current.innerHTML !== initial) surface.current.innerHTML = initial;
  }, [initial]);
  const keepSelection = () => {
    const sel = window.getSelection();
    if (sel?.rangeCount && surface.current?.contains(sel.anchorNode)) saved.current = sel.getRangeAt(0);
  };
  const run = (command: string, value?: string) => {
    surface.current?.focus();
    const sel = window.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    // execCommand is deprecated yet the one editing API every browser still implements for this
    document.execCommand(command, false, value);
    onChange(surface.current?.innerHTML ?? '');
  };
  const upload = (picked: File, pasted = false) => {
    count(1);
    request<{ imagePath: string }>({
      url: UploadPaths.image,
      method: 'POST',
      data: { file: picked, picRoute: 1 },
      form: 'multipart',
      silent: true,
    }).then(
      ({ imagePath }) => {
        count(-1);
        run('insertImage', imagePath);
      },
      (e: { message?: string }) => {
        count(-1);
        const why = e.message ?? '上传失败';
        onError(pasted ? `粘贴的图片未能上传，未插入正文：${why}` : why);
      },
    );
  };
  const tool = (text: string, icon: Parameters<typeof Button>[0]['icon'], action: () => void) => (
    <Button
      size="small"
      variant="minimal"
      icon={icon}
      text={text}
      onMouseDown={(e) => {
        e.preventDefault();
        keepSelection();
      }}
      onClick={action}
    />
  );
  return (
    <div className="education-editor">
      <div className="education-toolbar" role="toolbar" aria-label="正文格式">
        <ButtonGroup>
          {tool('加粗', 'bold', () => run('bold'))}
          {tool('斜体', 'italic', () => run('italic'))}
          {tool('标题', 'header', () => run('formatBlock', 'h3'))}
          {tool('列表', 'properties', () => run('insertUnorderedList'))}
          {tool('链接', 'link', () => setLink('https://'))}
          {tool(uploading ? '上传中…' : '图片', 'media', () => file.current?.click())}
        </ButtonGroup>
        {link !== null ? (
          <>
            <InputGroup
              size="small"
              aria-label="链接地址"
              value={link}
              onChange={(e) => setLink(e.target.value)}
            />
            <Button
              size="small"
              text="插入链接"
              onClick={() => {
                if (/^(https?:\/\/|mailto:)/i.test(link)) run('createLink', link);
                else onError('链接须以 http://、https:// 或 mailto: 开头');
                setLink(null);
              }}
            />
          </>
        ) : null}
        <input
          ref={file}
          type="file"
          hidden
          accept=".jpg,.jpeg,.png,.gif,.bmp,.webp"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            e.target.value = '';
            if (picked) upload(picked);
          }}
        />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text surface has no native element */}
      <div
        ref={surface}
        className="education-surface"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label="正文"
        tabIndex={0}
        onInput={() => onChange(surface.current?.innerHTML ?? '')}
        onPaste={(e) => {
          // a pasted image (a screenshot, a copied picture) is uploaded as a file and inserted by
          // its address; left to the browser it would stay an inline data: image the server refuses
          const images = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/'));
          if (!images.length) return;
          e.preventDefault();
          keepSelection();
          for (const image of images) upload(image, true);
        }}
        onKeyUp={keepSelection}
        onMouseUp={keepSelection}
      />
    </div>
  );
}
