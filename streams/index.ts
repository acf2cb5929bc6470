/** RxJS sources and operators of the console: transports, alarms and positions (docs/architecture.md rules 3, 4). */
export {
  type AlarmSources,
  type AlarmStore,
  type AlarmStoreOptions,
  alarmStore,
  alarms$,
  CLOSED_ALARMS_KEPT,
  type ExternalStore,
} from './alarms.js';
export {
  POSITION_TABLE_INITIAL_CAPACITY,
  type PositionFrame,
  type PositionSources,
  type PositionTable,
  positions$,
  positionTable,
} from './positions.js';
export {
  type BrokerClient,
  type BrokerMessage,
  type BrokerTransport,
  brokerTransport,
  type ConnectionState,
  PUSH_RECONNECT,
  type PushTransport,
  type PushTransportOptions,
  pushTransport,
  reconnectsOf,
  type SocketClass,
  type SocketLike,
  type Transport,
} from './transport.js';
