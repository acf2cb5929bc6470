/** Spec 000 §3 static dictionary "switch": 0 off, 1 on, as the settings selects offer it. */
export const onOffOptions = [
  { value: 1, label: '开启' },
  { value: 0, label: '关闭' },
];
