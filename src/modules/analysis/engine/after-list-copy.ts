// Directions and copy printed under an ingredient list with no heading of their own (issue 40): "Apply to clean skin
// morning and evening", "For external use only", "Avoid contact with eyes", "Auf die gereinigte Haut auftragen.",
// "적당량을 덜어 … 발라줍니다.", "適量を手に取り … ください。", and copy behind a bullet with no cue ("• Dermatologist
// tested", "- Made in Korea"). Read by the shape of the sentence, in the languages of the label corpora (en, fr, de, es,
// it, ko, ja; pt and nl too): an imperative or a fixed warning opening it, a German infinitive or a Korean or Japanese
// polite ending closing it. Only after the list has begun (a line of several names), so that nothing above a list and
// no list printed one name a line is touched. Pure.
import type { SetAsideText } from './set-aside.js';
import { kindOf, setAsideLines } from './set-aside.js';

/** Words that open a direction or a warning on a label, by language (imperatives, infinitives, fixed phrases). */
const LEAD = [
  // en
  String.raw`apply|use|avoid|gently|massage|rinse|smooth|dispense|pump|shake\s+well|keep\s+(?:out|away|in|closed|tightly)|store|discontinue|do\s+not|not\s+for|for\s+(?:external|topical)\s+use|wash|pat|spread|leave\s+(?:on|for)|follow\s+with|cleanse|remove|reapply|squeeze|wet\s+(?:face|skin|hands)|lather|spray|stop\s+use|if\s+(?:irritation|rash|contact)|in\s+case\s+of`,
  // fr
  String.raw`appliquer|utiliser|[ée]viter|masser|rincer|bien\s+agiter|agiter|conserver|usage\s+externe|ne\s+pas|tenir\s+hors|en\s+cas\s+de`,
  // de
  String.raw`auftragen|anwenden|vermeiden|einmassieren|abspülen|nur\s+zur|äußerlich|vor\s+gebrauch|morgens|abends|nach\s+der\s+reinigung`,
  // es, pt
  String.raw`aplicar|usar|utilizar|evitar|masajear|enjuagar|uso\s+externo|mantener|conservar|agitar|massagear|enxaguar|manter`,
  // it
  String.raw`applicare|usare|utilizzare|evitare|massaggiare|risciacquare|solo\s+per\s+uso|tenere|agitare`,
  // nl
  'aanbrengen|gebruik|vermijd|masseren|afspoelen|uitwendig|bewaren',
].join('|');
const BULLET = '[•·►✔▪–-]';
/** A sentence opening with a direction: at a line's start (behind a bullet or not) or after a full stop. */
const LEAD_AT_LINE = new RegExp(String.raw`^[ \t]*(?:${BULLET}[ \t]*)?(?:${LEAD})(?=[\s:,.!]|$)`, 'iu');
const SENTENCE_STOP = /[.!?][ \t]+(?=\p{L})/gu;
/** A sentence closing with a German infinitive of use, or a Korean or Japanese polite ending. */
const CLOSING =
  /(?:\b(?:auftragen|anwenden|verwenden|vermeiden|einmassieren|abspülen|abwaschen)|(?:니다|세요|십시오|주세요)|(?:ください|ます|ません))[.!。]?\s*$/iu;
/** Korean and Japanese directions and warnings, by their opening words. */
const CJK_LEAD =
  /^[ \t]*(?:사용\s*방?법|사용시|주의\s*사항|적당량|세안\s*후|使用方法|ご使用方法|使用法|使用上の注意|ご注意|適量|洗顔後|目に入った)/u;
/** Copy behind a bullet: one item, no separator ("+/- May contain" and "*" footnotes are not bullets here). */
const BULLETED_COPY = new RegExp(String.raw`^[ \t]*${BULLET}[ \t]*[\p{L}\p{N}][^,;、，]*$`, 'u');
/** A line that holds a list: two separators or more not between digits ("1,2-Hexanediol"). */
const LIST_LINE = /[,、，](?!\d)[^,、，]*[,、，](?!\d)/;

/** Cheap test first: most pastes carry nothing after the list. */
const MAY_HOLD = /\n|[.!?][ \t]+\p{L}/u;

/**
 * Takes directions and bulleted copy out of a list's text once the list has begun, setting each aside (directions as
 * "other", copy by its kind); the list's own lines stay in place.
 */
export function takeCopyAfterList(text: string, setAside: SetAsideText[]): string {
  if (!MAY_HOLD.test(text) || !LIST_LINE.test(text)) return text;
  const lines = text.split('\n');
  const first = lines.findIndex((l) => LIST_LINE.test(l));
  if (first < 0) return text;
  let changed = false;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i];
    if (i > first && isDirection(line)) {
      setAsideLines(line, setAside, 'other');
      lines[i] = '';
      changed = true;
      continue;
    }
    if (i > first && BULLETED_COPY.test(line)) {
      setAsideLines(line, setAside, kindOf(line.replace(new RegExp(String.raw`^[ \t]*${BULLET}[ \t]*`, 'u'), '')));
      lines[i] = '';
      changed = true;
      continue;
    }
    // "… Phenoxyethanol. Apply a small amount to face." on the list's own line: from the first such sentence on.
    const at = sameLineDirections(line);
    if (at > 0) {
      for (const sentence of line.slice(at).split(/(?<=[.!?])[ \t]+/)) setAsideLines(sentence, setAside, 'other');
      lines[i] = line.slice(0, at);
      changed = true;
    }
  }
  return changed ? lines.join('\n') : text;
}

/** Where directions begin on a list's line, after a full stop: the first sentence that is one; else -1. */
function sameLineDirections(line: string): number {
  const separator = line.search(/[,、，]/);
  if (separator < 0) return -1;
  SENTENCE_STOP.lastIndex = separator;
  for (let m = SENTENCE_STOP.exec(line); m; m = SENTENCE_STOP.exec(line)) {
    const at = m.index + 1;
    const sentence = line.slice(at).split(/(?<=[.!?])[ \t]+/)[0];
    if (isDirection(sentence)) return at;
  }
  return -1;
}

const isDirection = (line: string): boolean => {
  const t = line.trim();
  if (!t) return false;
  if (LEAD_AT_LINE.test(t) || CJK_LEAD.test(t)) return !LIST_LINE.test(t) || /[.!。]$/.test(t) || CJK_LEAD.test(t);
  // A German sentence of a few words; a Korean or Japanese one by its ending alone (no spaces to count).
  return CLOSING.test(t) && (!/[a-zäöü]/i.test(t) || t.split(/\s+/).length >= 3);
};
