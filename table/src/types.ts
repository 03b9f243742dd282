// The table protocol's frames and view (docs/table-protocol.md).

export interface CardMeta {
  name: string;
  text: string;
  strength: number | null;
  rows: string[];
  hero: boolean;
  faction: string;
  type: string;
  abilities: string[];
}

export interface BoardCard {
  uid: number;
  card_id: string;
  strength: number | null;
  base?: number | null;
  hero?: boolean;
}

export interface Row {
  cards: BoardCard[];
  score: number;
  horn: string | boolean | null;
  weather: boolean;
}

export interface Leader {
  card_id: string;
  used: boolean;
  passive: boolean;
  ready: boolean;
}

export interface Side {
  name: string;
  faction: string;
  leader: Leader;
  gems: number;
  total: number;
  passed: boolean;
  hand_count: number;
  deck_count: number;
  discard_count: number;
  rows: Row[];
  hand: BoardCard[] | null;
  mulligans_left: number | null;
}

export interface Legal {
  move: string;
  kind: string;
  uid: number | null;
  row: number | null;
  target: number | null;
  gain: number | null;
}

export interface Pending {
  kind: string;
  player: number;
  prompt: string;
  options: BoardCard[];
}

export interface Hint {
  text: string;
  uids: number[];
  move: string | null;
}

export interface View {
  match: number;
  action_count: number;
  phase: string;
  round: number;
  seat: number | null;
  turn: number | null;
  to_act: number[];
  deadline: number | null;
  now: number;
  turn_seconds: number | null;
  sides: Side[];
  weather: string[];
  rounds: { scores: number[]; winner: number | null }[];
  winner: number | null;
  forfeited_by: number | null;
  pending: Pending | null;
  legal: Legal[];
  log: string[];
  last: number[];
  hint: Hint | null;
}

export interface Welcome {
  t: "welcome";
  seat: number | null;
  match: number | null;
  lang: string;
  texts: Record<string, string>;
  cards: Record<string, CardMeta>;
}

export interface ErrorFrame {
  t: "error";
  code: string;
  message: string;
  id: number | null;
}

export type ServerFrame =
  | Welcome
  | { t: "state"; view: View }
  | { t: "ack"; id: number }
  | ErrorFrame
  | { t: "pong" };
