// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../src/app/AppContext.js';
import type { Request, RequestConfig } from '../../src/app/request.js';
import { RegionSelect } from '../../src/ui/region/RegionSelect.js';
import {
  deepestCode,
  levelCodes,
  loadRegionName,
  PCD_URL,
  type RegionOption,
  regionFullName,
} from '../../src/ui/region/regionPath.js';

const tree: Omit<RegionOption, 'leaf'>[] = [
  { code: '110000', name: '北京市', parentCode: '000000' },
  { code: '110100', name: '市辖区', parentCode: '110000' },
  { code: '110101', name: '东城区', parentCode: '110100' },
  { code: '330000', name: '浙江省', parentCode: '000000' },
  { code: '330100', name: '杭州市', parentCode: '330000' },
  { code: '330106', name: '西湖区', parentCode: '330100' },
  { code: '330108', name: '滨江区', parentCode: '330100' },
  { code: '330200', name: '宁波市', parentCode: '330000' },
  { code: '330203', name: '海曙区', parentCode: '330200' },
  { code: '440000', name: '广东省', parentCode: '000000' },
  { code: '441900', name: '东莞市', parentCode: '440000' },
];
const withLeaf = (r: Omit<RegionOption, 'leaf'>): RegionOption => ({
  ...r,
  leaf: !tree.some((c) => c.parentCode === r.code),
});

/** A stand-in for the API client answering the pcd lookup from the small tree above. */
function fakeRequest() {
  const calls: string[] = [];
  const answer = (config: RequestConfig): RegionOption[] => {
    if (config.url !== PCD_URL) throw new Error(`unexpected ${config.url}`);
    const params = config.params ?? {};
    if (typeof params.code === 'string') {
      const path: RegionOption[] = [];
      for (
        let r = tree.find((x) => x.code === params.code);
        r;
        r = tree.find((x) => x.code === r?.parentCode)
      )
        path.unshift(withLeaf(r));
      return path;
    }
    return tree.filter((r) => r.parentCode === (params.parentCode ?? '000000')).map(withLeaf);
  };
  const request = (async (config: RequestConfig) => {
    calls.push(
      `${config.params?.code ? 'code' : 'parentCode'}=${config.params?.code ?? config.params?.parentCode}`,
    );
    return answer(config);
  }) as Request;
  return { request, calls };
}

function Controlled({ initial, onChange }: { initial: string | null; onChange(code: string | null): void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RegionSelect
        id="native"
        value={value}
        onChange={(code) => {
          setValue(code);
          onChange(code);
        }}
      />
      <button type="button" onClick={() => setValue(null)}>
        清空
      </button>
      <button type="button" onClick={() => setValue('110101')}>
        北京
      </button>
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

function mount(request: Request, initial: string | null = null) {
  const onChange = vi.fn<(code: string | null) => void>();
  render(
    <AppProvider services={{ request, toast: () => undefined }}>
      <Controlled initial={initial} onChange={onChange} />
    </AppProvider>,
  );
  return onChange;
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionNames = (label: string) => [...select(label).options].map((o) => o.text);

afterEach(cleanup);

describe('RegionSelect', () => {
  it('cascades province → city → county and reports the deepest code', async () => {
    const { request, calls } = fakeRequest();
    const onChange = mount(request);
    await waitFor(() => expect(optionNames('省')).toEqual(['请选择省', '北京市', '浙江省', '广东省']));
    expect(select('省').id).toBe('native');
    expect(select('市').disabled).toBe(true);
    expect(select('区县').disabled).toBe(true);

    fireEvent.change(select('省'), { target: { value: '330000' } });
    expect(onChange).toHaveBeenLastCalledWith('330000');
    await waitFor(() => expect(optionNames('市')).toEqual(['请选择市', '杭州市', '宁波市']));
    fireEvent.change(select('市'), { target: { value: '330100' } });
    expect(onChange).toHaveBeenLastCalledWith('330100');
    await waitFor(() => expect(optionNames('区县')).toEqual(['请选择区县', '西湖区', '滨江区']));
    fireEvent.change(select('区县'), { target: { value: '330108' } });
    expect(onChange).toHaveBeenLastCalledWith('330108');
    expect(screen.getByTestId('value').textContent).toBe('330108');

    // A new province clears the lower levels.
    fireEvent.change(select('省'), { target: { value: '440000' } });
    expect(onChange).toHaveBeenLastCalledWith('440000');
    expect(select('市').value).toBe('');
    expect(select('区县').value).toBe('');
    await waitFor(() => expect(optionNames('市')).toEqual(['请选择市', '东莞市']));
    fireEvent.change(select('市'), { target: { value: '441900' } });
    expect(onChange).toHaveBeenLastCalledWith('441900');
    // 东莞市 has no counties.
    await waitFor(() => expect(calls).toContain('parentCode=441900'));
    expect(select('区县').disabled).toBe(true);

    // Clearing the city leaves the province; clearing the province leaves nothing.
    fireEvent.change(select('市'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('440000');
    fireEvent.change(select('省'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(select('市').disabled).toBe(true);
    // Echoes of our own changes never ask for a path.
    expect(calls.filter((c) => c.startsWith('code='))).toEqual([]);
  });

  it('preselects all three levels of a stored code and follows outside changes', async () => {
    const { request, calls } = fakeRequest();
    const onChange = mount(request, '330106');
    await waitFor(() => expect(select('区县').value).toBe('330106'));
    expect(select('省').value).toBe('330000');
    expect(select('市').value).toBe('330100');
    expect(optionNames('市')).toEqual(['请选择市', '杭州市', '宁波市']);
    expect(calls).toContain('code=330106');

    fireEvent.click(screen.getByText('北京'));
    await waitFor(() => expect(select('区县').value).toBe('110101'));
    expect(select('市').value).toBe('110100');
    expect(optionNames('市')).toEqual(['请选择市', '市辖区']);

    fireEvent.click(screen.getByText('清空'));
    await waitFor(() => expect(select('省').value).toBe(''));
    expect(select('市').disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps answers for the session and shows nothing for an unknown code', async () => {
    const { request, calls } = fakeRequest();
    mount(request, '330106');
    await waitFor(() => expect(select('区县').value).toBe('330106'));
    cleanup();
    const before = calls.length;
    mount(request, '330106');
    await waitFor(() => expect(select('区县').value).toBe('330106'));
    expect(calls.length).toBe(before);

    cleanup();
    mount(request, '999999');
    await waitFor(() => expect(calls).toContain('code=999999'));
    await act(async () => undefined);
    expect(select('省').value).toBe('');
    expect(optionNames('省')).toHaveLength(4);
  });

  it('is disabled on request', async () => {
    const { request } = fakeRequest();
    render(
      <AppProvider services={{ request, toast: () => undefined }}>
        <RegionSelect value="330106" onChange={() => undefined} disabled />
      </AppProvider>,
    );
    await waitFor(() => expect(select('区县').value).toBe('330106'));
    expect([select('省'), select('市'), select('区县')].map((s) => s.disabled)).toEqual([true, true, true]);
  });

  it('asks again after a failed load', async () => {
    let fail = true;
    const { request: answer } = fakeRequest();
    const request = (async (config: RequestConfig) => {
      if (fail) throw { code: 999, message: '网络异常，服务器无响应' };
      return answer(config);
    }) as Request;
    mount(request);
    await act(async () => undefined);
    expect(optionNames('省')).toEqual(['请选择省']);
    fail = false;
    cleanup();
    mount(request);
    await waitFor(() => expect(optionNames('省')).toHaveLength(4));
  });
});

describe('region helpers', () => {
  it('joins full names without the municipalities’ placeholder level', async () => {
    expect(regionFullName([{ name: '浙江省' }, { name: '杭州市' }, { name: '西湖区' }])).toBe(
      '浙江省杭州市西湖区',
    );
    expect(regionFullName([{ name: '北京市' }, { name: '市辖区' }, { name: '东城区' }])).toBe('北京市东城区');
    expect(levelCodes([{ code: '330000' }])).toEqual(['330000', '', '']);
    expect(deepestCode(['330000', '330100', ''])).toBe('330100');
    expect(deepestCode(['', '', ''])).toBeNull();
    const { request } = fakeRequest();
    expect(await loadRegionName(request, '110101')).toBe('北京市东城区');
    expect(await loadRegionName(request, '123456')).toBeNull();
  });
});
