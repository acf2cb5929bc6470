import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { PhotoCode, SignInApi } from './api.js';

interface Props {
  api: SignInApi;
  value: string;
  onChange(value: string, verifyStr: string): void;
  /** Changing this number asks for a new picture (after a failed attempt each code is spent). */
  refreshKey?: number;
}

/** The picture code of spec 000 §7 getPhotoCode: click the picture for a new one. */
export function PhotoCodeField({ api, value, onChange, refreshKey = 0 }: Props) {
  const [photo, setPhoto] = useState<PhotoCode | null>(null);
  const load = useCallback(() => {
    api.photoCode().then(
      (p) => {
        setPhoto(p);
        onChange('', p.verifyStr);
      },
      () => setPhoto(null),
    );
    // onChange is a setter from the parent; a new picture must not be requested when it changes
    // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  }, [api]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger
  useEffect(load, [load, refreshKey]);
  return (
    <FormGroup label="图片验证码" labelFor="photoCode">
      <div className="login-photo-row">
        <InputGroup
          id="photoCode"
          name="photoCode"
          placeholder="请输入图片验证码"
          value={value}
          maxLength={8}
          onChange={(e) => onChange(e.target.value, photo?.verifyStr ?? '')}
        />
        <button type="button" className="login-photo" onClick={load} title="看不清？换一张" data-testid="photo-code-image">
          {photo ? <img src={photo.image} alt="图片验证码" width={120} height={40} /> : <span>加载中</span>}
        </button>
      </div>
    </FormGroup>
  );
}
