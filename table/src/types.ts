// The table protocol's frames and view (docs/table-protocol.md; bot/web/view.py builds it).

export interface CardMeta {
  name: string;
  text: string;
  strength: number | null;
  rows: (number | string)[];
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
  horn: BoardCard | null;
  leader_horn?: boolean;
  horned?: boolean;
  mardroeme?: BoardCard | null;
  weather: boolean;
}

export interface Leader {
  card_id: string;
  used: boolean;
  passive: boolean;
  cancelled?: boolean;
}

/** A side; before the match starts (phase "choosing") only name, ready and computer. */
export interface Side {
  name: string;
  ready?: boolean;
  computer?: boolean;
  faction: string;
  leader: Leader;
  gems: number;
  total: number;
  passed: boolean;
  hand_count: number;
  deck_count: number;
  discard: BoardCard[];
  rows: Row[];
  hand: BoardCard[] | null;
  mulligans_left: number | null;
  seen: string[];
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
  turn_seconds: number | null;
  status: string;
  sides: Side[];
  weather: BoardCard[];
  rounds: { scores: number[]; winner: number | null }[];
  winner: number | null;
  forfeited_by: number | null;
  pending: Pending | null;
  legal: Legal[];
  log_from: number;
  log: string[];
  last: number[];
  hint: Hint | null;
}

export interface Welcome {
  t: "welcome";
  seat: number | null;
  match: number | null;
  lang: string;
  watch?: boolean;
  user?: { id: string; name: string } | null;
  texts: Record<string, string>;
  factions?: Record<string, string>;
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
  | { t: "state"; now: number; view: View }
  | { t: "cards"; cards: Record<string, CardMeta> }
  | { t: "ack"; id: number }
  | ErrorFrame
  | { t: "pong" };
