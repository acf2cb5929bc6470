import { describe, expect, it } from 'vitest';
import { choicesOf } from './HealthPersonal.js';

describe('个人健康: whom to choose', () => {
  it('lists the elders on a mattress first, then the other residents, each once', () => {
    const onMattress = [
      { oldmanId: 7, oldmanName: '蒋桂兰', deviceId: 1, roomName: '1101', bedName: '1床' },
      { oldmanId: 3, oldmanName: '王福生', deviceId: 2, roomName: null, bedName: null },
    ];
    const residents = [
      { value: 3, label: '王福生（1号楼1层1102-1床）' },
      { value: 9, label: '赵春梅（1号楼2层1201-2床）' },
      { value: 7, label: '蒋桂兰（1号楼1层1101-1床）' },
    ];
    expect(choicesOf(onMattress, residents)).toEqual([
      { oldmanId: 7, label: '蒋桂兰 · 1101 1床', mattress: true },
      { oldmanId: 3, label: '王福生', mattress: true },
      { oldmanId: 9, label: '赵春梅（1号楼2层1201-2床） · 无床垫', mattress: false },
    ]);
    // without the elder lookup (no authority to read residents): the mattress elders alone
    expect(choicesOf(onMattress, []).map((c) => c.oldmanId)).toEqual([7, 3]);
  });
});
