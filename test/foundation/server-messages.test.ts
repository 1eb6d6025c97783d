// Error messages of the service in a Simplified Chinese UI: every message the service (and the
// client itself) can produce has a Chinese rule — read from the source, so a new message without
// one fails here — and real messages come out in Chinese with their values in place.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeFieldMessages, localizeServerMessage, MESSAGE_RULES } from '../../src/renderer/i18n/server-messages';

const ROOT = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Reads one JS string or template literal at `i`; `${…}` parts (nested literals included) become `{}`. */
function readLiteral(src: string, i: number): { text: string; end: number } | null {
  const q = src[i];
  if (q !== "'" && q !== '`') return null;
  let text = '';
  let j = i + 1;
  while (j < src.length && src[j] !== q) {
    if (src[j] === '\\') {
      text += src[j + 1];
      j += 2;
    } else if (q === '`' && src.startsWith('${', j)) {
      let depth = 1;
      j += 2;
      while (depth > 0) {
        if (src[j] === '`') j = readLiteral(src, j)!.end;
        else {
          if (src[j] === '{') depth++;
          if (src[j] === '}') depth--;
          j++;
        }
      }
      text += '{}';
    } else text += src[j++];
  }
  return { text, end: j + 1 };
}

/** The message argument of every `new AppError(code, message…)` / `new ApiError(code, message…)`. */
function messagesIn(files: string[], ctor: string): { literal: string[]; dynamic: string[] } {
  const literal: string[] = [];
  const dynamic: string[] = [];
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    for (let i = src.indexOf(`new ${ctor}(`); i >= 0; i = src.indexOf(`new ${ctor}(`, i + 1)) {
      const code = readLiteral(src, i + ctor.length + 5);
      if (!code) continue; // the class's own definition or a re-throw
      let j = code.end;
      while (src[j] === ',' || src[j] === ' ' || src[j] === '\n') j++;
      const msg = readLiteral(src, j);
      if (msg) literal.push(msg.text);
      else {
        // An expression: up to the next comma or closing parenthesis at its own depth.
        let k = j;
        for (let depth = 0; k < src.length && !(depth === 0 && (src[k] === ',' || src[k] === ')')); k++) {
          if (src[k] === '(') depth++;
          if (src[k] === ')') depth--;
        }
        dynamic.push(src.slice(j, k).trim());
      }
    }
  }
  return { literal, dynamic };
}

const rulePatterns = new Set(MESSAGE_RULES.map(([en]) => en.replace(/\{\d\}/g, '{}')));

describe('service error messages in Simplified Chinese', () => {
  it('every message the service or the client produces has a Chinese rule', () => {
    const service = messagesIn(filesUnder(path.join(ROOT, 'src/main')), 'AppError');
    const client = messagesIn([path.join(ROOT, 'src/renderer/api/client.ts')], 'ApiError');
    expect(service.literal.length).toBeGreaterThan(50);
    const missing = [...service.literal, ...client.literal.filter((m) => m !== 'aborted')].filter((m) => !rulePatterns.has(m));
    expect(missing).toEqual([]);
    // Messages passed through from elsewhere (a CAS parser's reason, an unexpected failure):
    // nothing to translate at the source. (The client's pass-through of the service's error body
    // has no literal code and is not counted.)
    expect(new Set(service.dynamic)).toEqual(new Set(['e.message', 'errorText(e)']));
    expect(client.dynamic).toEqual([]);
  });

  it('real messages come out in Chinese with their values, statuses and actions translated', () => {
    const zh = (m: string) => localizeServerMessage(m, 'zh-CN');
    expect(zh('Wrong username or password.')).toBe('用户名或密码错误。');
    expect(zh('The username "li.na" is already taken.')).toBe('用户名“li.na”已被占用。');
    expect(zh('Cannot approve reagent order 12: its status is "approved" (needs "pending_approval").')).toBe('无法批准试剂订单 12：当前状态是“已批准”（需要“待审批”）。');
    expect(zh('Cannot edit reagent order 3: its status is "stocked_in" (only "pending_approval" or "approved").')).toBe('无法修改试剂订单 3：当前状态是“已入库”（只能是“待审批”或“已批准”）。');
    expect(zh('Invalid input: name — Too small: expected string to have >=1 characters')).toBe('输入有误：name — 至少需要 1 个字符');
    expect(zh('No valid rows to import.')).toBe('没有可导入的有效行。');
    expect(zh('No inventory item 7.')).toBe('库存物品 7 不存在。');
    expect(zh('This item was already submitted as reagent order #41.')).toBe('该商品已提交为试剂订单 #41。');
    expect(zh('A backup job is already running; wait until it has finished.')).toBe('已有备份任务在运行；请等它完成。');
    expect(localizeFieldMessages({ name: 'Too big: expected string to have <=200 characters', id: 'no such record' }, 'zh-CN')).toEqual({ name: '最多 200 个字符', id: '记录不存在' });
  });

  it('English and unknown messages are shown as sent', () => {
    expect(localizeServerMessage('Wrong username or password.', 'en')).toBe('Wrong username or password.');
    expect(localizeServerMessage('Something nobody wrote a rule for.', 'zh-CN')).toBe('Something nobody wrote a rule for.');
  });
});
