"""Fill locale/zh_Hans/LC_MESSAGES/django.po from the table below (run after makemessages)."""
# ruff: noqa: E501  (a table of translations)

from __future__ import annotations

import ast
from pathlib import Path

ZH = {
    "Skip to content": "跳到正文",
    "Main": "主导航",
    "My campaigns": "我的战役",
    "Log out %(name)s": "退出 %(name)s",
    "Log in": "登录",
    "Sign up": "注册",
    "Language": "语言",
    "Switch": "切换",
    "your role:": "你的身份：",
    "Encounters": "遭遇",
    "No encounters yet.": "还没有遭遇。",
    "New encounter": "新建遭遇",
    "Members": "成员",
    "Role of %(name)s": "%(name)s 的身份",
    "Change role": "更改身份",
    "Remove %(name)s": "移除 %(name)s",
    "Remove": "移除",
    "Invite link": "邀请链接",
    "Send this link to your players": "把这个链接发给你的玩家",
    "Revoke link": "作废链接",
    "No invite link is active.": "当前没有有效的邀请链接。",
    "New link": "生成新链接",
    "Characters": "角色",
    "NPC": "NPC",
    "Edit %(name)s": "编辑 %(name)s",
    "Edit": "编辑",
    "No characters yet.": "还没有角色。",
    "New character": "新建角色",
    "Rule settings": "规则设置",
    "Save settings": "保存设置",
    "You are in no campaign yet. Start one, or open an invite link from your GM.": "你还没有加入任何战役。新建一个，或打开主持人发给你的邀请链接。",
    "New campaign": "新建战役",
    "Create campaign": "创建战役",
    "Join a campaign": "加入战役",
    "You were invited to %(name)s.": "你受邀加入 %(name)s。",
    "Join as a player": "以玩家身份加入",
    "Save": "保存",
    "Actions": "行动",
    "Odds": "概率",
    "GM only": "仅主持人可见",
    "Dice rolled": "掷出的骰子",
    "Game master": "主持人",
    "Undo last event": "撤销上一事件",
    "Seats": "座位",
    "(GM)": "（主持人）",
    "Seat": "就座",
    "No odds for this action.": "此行动没有概率预览。",
    "Outcomes": "结果",
    "Outcome": "结果",
    "Chance": "概率",
    "The table": "桌面",
    "Your sheet": "你的角色卡",
    "GM dashboard": "主持人面板",
    "Observer view": "观众视角",
    "Player view": "玩家视角",
    "connecting…": "连接中…",
    "connected": "已连接",
    "reconnecting…": "重新连接中…",
    "catching up…": "同步中…",
    "connected · caught up": "已连接 · 已同步",
    "disconnected": "已断开",
    "Fair dice": "公平骰子",
    "Dice seed commitment (SHA-256):": "骰子种子承诺（SHA-256）：",
    "Seed (revealed):": "种子（已公开）：",
    "Download the log": "下载日志",
    "Log": "日志",
    "Chat or roll": "聊天或掷骰",
    "Send": "发送",
    "/roll 2d6+3, /roll 1d100, /roll 4d10>=8 (successes), /gmroll 1d20 (only the GM sees it), or just talk.": "/roll 2d6+3、/roll 1d100、/roll 4d10>=8（计成功数）、/gmroll 1d20（只有主持人能看到结果），或者直接说话。",
    "End encounter and reveal the seed": "结束遭遇并公开种子",
    "Start from the demo setup of": "从以下系统的示例设置开始",
    "Load": "载入",
    "Start encounter": "开始遭遇",
    "New here?": "第一次来？",
    "Create account": "创建账号",
    "Combatants": "参战者",
    "Name": "名字",
    "Side": "阵营",
    "Details": "详情",
    "Everything you can see": "你能看到的全部信息",
    "You are not seated at an actor yet; the GM assigns seats.": "你还没有被分配角色；由主持人分配座位。",
    "A table for talk and dice: no rules, no map. Roll in the chat below.": "只用于聊天和掷骰的桌面：没有规则，没有地图。在下方聊天框掷骰。",
    "A chat table has no sheets; your rolls appear in the log for everyone.": "聊天桌没有角色卡；你的掷骰会显示在所有人的日志里。",
    "Rule system": "规则系统",
    "Role": "身份",
    "Player": "玩家",
    "Observer": "观众",
    "name": "名字",
    "rule system": "规则系统",
    "settings": "设置",
    "role": "身份",
    "Only the game master may do that.": "只有主持人可以这样做。",
    "This invite link is not valid: it was revoked or never existed.": "此邀请链接无效：已被作废或从未存在。",
    "Unknown role.": "未知身份。",
    "The campaign's owner stays its game master.": "战役创建者始终是主持人。",
    "The campaign's owner cannot be removed.": "不能移除战役创建者。",
    "Unknown setting: %(name)s": "未知设置：%(name)s",
    "The settings were not saved: %(errors)s": "设置未保存：%(errors)s",
    "Sheet (JSON)": "角色卡（JSON）",
    "Checked by the rule system; errors name the field and the rule.": "由规则系统检查；错误会指出字段和规则。",
    "Combatant id in encounters (optional)": "遭遇中的参战者 ID（可选）",
    "The sheet must be a JSON object.": "角色卡必须是 JSON 对象。",
    "The setup must be a JSON object.": "设置必须是 JSON 对象。",
    "sheet": "角色卡",
    "Messages must be JSON text.": "消息必须是 JSON 文本。",
    "Message too large: at most %(n)d bytes.": "消息过大：最多 %(n)d 字节。",
    "Malformed message: not JSON.": "消息格式错误：不是 JSON。",
    "Malformed message: expected a JSON object.": "消息格式错误：应为 JSON 对象。",
    "Malformed message: %(name)s is required.": "消息格式错误：缺少 %(name)s。",
    "Malformed message: %(name)s is too long.": "消息格式错误：%(name)s 过长。",
    "Malformed message: action parameters must be plain values.": "消息格式错误：行动参数必须是简单值。",
    "Unknown command: %(command)s": "未知命令：%(command)s",
    "Malformed message: text is required.": "消息格式错误：缺少文字。",
    "Your place at this table changed; reconnecting.": "你在这张桌上的位置变了；正在重新连接。",
    "You were removed from this campaign.": "你已被移出此战役。",
    "Title": "标题",
    "Setup (JSON)": "设置（JSON）",
    "Seats, one per line: actor=username": "座位，每行一个：角色=用户名",
    "Line %(n)d: write actor=username.": "第 %(n)d 行：请写成 角色=用户名。",
    "Line %(n)d: no user %(name)s.": "第 %(n)d 行：没有用户 %(name)s。",
    "In play": "进行中",
    "Ended": "已结束",
    "title": "标题",
    "There is no such encounter.": "没有这个遭遇。",
    "Every action needs a key of 1 to 64 characters.": "每个行动都需要 1 到 64 个字符的键。",
    "You are not at this table.": "你不在这张桌上。",
    "Observers watch; they do not act.": "观众只能观看，不能行动。",
    "This encounter has ended.": "此遭遇已结束。",
    "You do not control %(actor)s.": "你不控制 %(actor)s。",
    "The setup is not valid: %(error)s": "设置无效：%(error)s",
    "The encounter began. Dice seed commitment (SHA-256): %(c)s": "遭遇开始。骰子种子承诺（SHA-256）：%(c)s",
    "There is no actor %(actor)s at this table.": "这张桌上没有 %(actor)s。",
    "Only players and game masters can be seated.": "只有玩家和主持人可以就座。",
    "Table actions go through the chat.": "桌面行动请通过聊天框进行。",
    "Nothing happened.": "什么也没有发生。",
    "Unknown chat command %(command)s; try /roll 2d6+3 or /gmroll 1d100": "未知聊天命令 %(command)s；试试 /roll 2d6+3 或 /gmroll 1d100",
    "Observers watch; they do not speak at the table.": "观众只能观看，不能在桌上发言。",
    "Say something.": "说点什么吧。",
    "A chat line may be at most %(n)d characters.": "一条聊天最多 %(n)d 个字符。",
    "There is nothing to undo.": "没有可以撤销的内容。",
    "The encounter ended. Dice seed revealed: %(seed)s": "遭遇结束。骰子种子公开：%(seed)s",
    "English": "英语",
    "Simplified Chinese": "简体中文",
    # systems' boards (templates/systems/<key>/, vtt/tables/<key>.py)
    "next round": "下一轮",
    "Costs %(cost)s; fires %(rounds)s rounds; hits %(die)s.": "花费 %(cost)s；发射 %(rounds)s 发；命中 %(die)s。",
    "01–%(chosen)s: the chosen location; up to %(random)s: a random location; above: a miss.": "01–%(chosen)s：命中所选部位；至 %(random)s：随机部位；更高：未命中。",
    "Impales on 01–%(t)s (first bullet only).": "01–%(t)s 贯穿（仅第一发）。",
    "Bullets hitting (expected %(e)s)": "命中的子弹数（期望 %(e)s）",
    "Hits": "命中数",
    "Only side %(side)s still stands: it wins the match.": "只剩 %(side)s 一方还站着：它赢得本场对战。",
    "Between matches: repairs (two actions per mech).": "对战间隙：维修（每台机甲两个动作）。",
    "Round %(round)s.": "第 %(round)s 轮。",
    "%(name)s is acting: %(ap)s AP, move %(move)s left.": "%(name)s 正在行动：剩 %(ap)s 行动点、%(move)s 移动。",
    "Next to start a turn:": "下一个开始回合的：",
    "light cover": "轻型掩体",
    "heavy cover": "重型掩体",
    "building": "建筑",
    "move": "移动",
    "boost (1 AP)": "推进（1 行动点）",
    "Mechs": "机甲",
    "Turn order": "行动顺序",
    "destroyed": "已摧毁",
    "acting": "行动中",
    "acted": "已行动",
    "may start": "可开始",
    "waiting": "等待中",
    "Destroyed.": "已摧毁。",
    "Prepared:": "已准备：",
    "Must choose the %(kind)s the system trauma destroys.": "必须选择系统创伤摧毁的%(kind)s。",
    "GM tools": "主持人工具",
    "Aim on the map": "在地图上瞄准",
    "%(name)s: actions": "%(name)s：动作",
    "Nothing to do now.": "现在没有可做的事。",
    "Battle map": "战场地图",
    "height": "高度",
    "wreck: heavy cover": "残骸：重型掩体",
    "boost (1 AP), %(left)s left": "推进（1 行动点），剩 %(left)s",
    "%(cost)s squares, %(left)s left": "%(cost)s 格，剩 %(left)s",
    "%(name)s is hidden somewhere here": "%(name)s 隐藏在这附近某处",
    "heat": "热量",
    "Target": "目标",
    "Hit": "命中",
    "Critical": "暴击",
    "Damage": "伤害",
    "avg": "平均",
    "No enemy in the template.": "范围内没有敌人。",
    "Exact odds": "精确概率",
    "Evasion": "闪避",
    "E-defense": "电子防御",
    "Armour": "护甲",
    "Speed": "速度",
    "Sensors": "感应器",
    "Repair": "修复",
    "Reach": "射程",
    "Uses": "次数",
    "mount": "挂点",
    "reload": "装填",
    "You have no mech at this table.": "你在这张桌上没有机甲。",
    "Scans (frozen when taken)": "扫描（扫描时定格）",
    "round": "轮",
    "Danger zone from heat %(from)s (MECH-HEAT-1)": "热量达到 %(from)s 进入危险区（MECH-HEAT-1）",
    "Heat": "热量",
    "danger zone": "危险区",
    "Structure": "结构",
    "Stress": "压力",
    "Overcharge": "超载",
    "reaction used": "反应已用",
    "reaction ready": "反应可用",
    "burn": "燃烧",
    "reactor critical": "反应堆临界",
    "%(n)s turn left": "剩 %(n)s 回合",
    "Show enemy ZOC": "显示敌方控制区",
    "enemy ZOC (+2 MP to enter)": "敌方控制区（进入 +2 移动点）",
    "Round %(round)s, pass %(pass)s.": "第 %(round)s 轮，第 %(pass)s 次行动。",
    "%(name)s acts now.": "现在轮到 %(name)s 行动。",
    "Every card is spent: the GM ends the round.": "所有动作卡都已用完：由主持人结束本轮。",
    "Round %(round)s is over; the GM starts the next one.": "第 %(round)s 轮结束；由主持人开始下一轮。",
    "The fight has not started; the GM starts round 1.": "战斗尚未开始；由主持人开始第 1 轮。",
    "confined space": "狭窄空间",
    "Round controls": "回合控制",
    "Initiative": "先攻",
    "%(n)s card": "%(n)s 张卡",
    "(acted this pass)": "（本次已行动）",
    "Agents": "特工",
    "Opposition": "敌方",
    "GM tools: damage, healing, conditions, training (each logged)": "主持人工具：伤害、治疗、状态、训练（均记入日志）",
    "Total HP": "总生命值",
    "HP": "生命值",
    "%(left)s of %(total)s action cards face up": "%(total)s 张动作卡中 %(left)s 张正面朝上",
    "no cards": "没有动作卡",
    "chest/abdomen only": "仅胸腹",
    "hidden": "隐藏",
    "in hand": "在手",
    "suppressed": "被压制",
    "will dodge": "准备闪避",
    "braves fire": "冒着火力",
    "Reactions and choices": "反应与选择",
    "Action cards: %(left)s of %(total)s face up": "动作卡：%(total)s 张中 %(left)s 张正面朝上",
    "rank": "等级",
    "skill penalty": "技能减值",
    "covers the chest/abdomen only": "只保护胸腹",
    "worn hidden": "隐蔽穿着",
    "No vest.": "没有防弹衣。",
    "Weapons": "武器",
    "Weapon": "武器",
    "Loaded": "已装填",
    "Spare": "备用",
    "jammed": "卡壳",
    "You are not seated at an agent yet; the GM assigns seats.": "你还没有被分配特工；由主持人分配座位。",
    "Replay: turn %(turn)s, %(phase)s (%(n)s of %(count)s)": "回放：第 %(turn)s 回合，%(phase)s（%(count)s 中的第 %(n)s 个）",
    "previous": "上一个",
    "next": "下一个",
    "back to the live table": "返回实时桌面",
    "Show my supply lines": "显示我的补给线",
    "Overrun": "强行突击",
    "Combat": "战斗",
    "Attackers": "进攻方",
    "Defenders": "防守方",
    "column": "栏",
    "Chance of each result (2d6)": "各结果的概率（2d6）",
    "Result": "结果",
    "roll": "掷骰",
    "Waiting for %(side)s: %(stage)s": "等待 %(side)s：%(stage)s",
    "Choose %(n)s step loss(es): one unit id per step": "选择 %(n)s 步损失：每步填一个单位编号",
    "Take the losses": "承受损失",
    "Retreat %(r)s + option %(o)s": "撤退 %(r)s + 可选 %(o)s",
    "Lose %(n)s step(s) instead of retreating": "以损失 %(n)s 步代替撤退",
    "Take the steps": "承受步损",
    "step": "步",
    "EZOC: −%(n)s step": "敌控制区：−%(n)s 步",
    "no loss": "无损失",
    "%(units)s: no retreat of %(n)s hex(es) — eliminated": "%(units)s：无法撤退 %(n)s 格——被消灭",
    "Advance into %(hex)s?": "推进到 %(hex)s？",
    "Advance (or stay, with none ticked)": "推进（不勾选则原地不动）",
    "Roll 2d6": "掷 2d6",
    "Your orders": "你的命令",
    "Move the stack in %(hex)s": "移动 %(hex)s 的堆叠",
    "Stack %(hex)s: move": "堆叠 %(hex)s：移动",
    "to hex": "到格",
    "Move": "移动",
    "Click a highlighted hex on the map: its number is the MP it costs.": "点击地图上高亮的六角格：上面的数字是所需的移动点数。",
    "Overrun (3 MP)": "强行突击（3 移动点）",
    "enemy hex": "敌方格",
    "Attack %(hex)s": "攻击 %(hex)s",
    "Declare the attack": "宣布攻击",
    "Odds before declaring count only the enemy's top unit (fog of war); the declaration is binding.": "宣布前的赔率只计算敌方最上面的单位（战争迷雾）；宣布后不可撤回。",
    "Hex map": "六角格地图",
    "reduced": "减员",
    "min": "最少",
    "minimum move (SCS-3.1e)": "最低移动（SCS-3.1e）",
    "Replay, phase by phase": "逐阶段回放",
    "Turn %(turn)s · %(side)s %(phase)s": "第 %(turn)s 回合 · %(side)s %(phase)s",
    "You command %(side)s.": "你指挥 %(side)s。",
    "It is your phase.": "现在是你的阶段。",
    "Reinforcements to come": "即将到来的增援",
    "Frozen in an enemy ZOC this Exploitation Phase": "本扩大战果阶段被冻结在敌方控制区内",
    "You are not seated at a side yet; the GM assigns seats.": "你还没有被分配阵营；由主持人分配座位。",
    "Stacks": "堆叠",
    "frozen": "冻结",
    "Eliminated": "已消灭",
    "Turn record track": "回合记录轨",
    "Game over": "游戏结束",
    "Set-up": "布置",
    "Turn %(turn)s · %(side)s · %(phase)s": "第 %(turn)s 回合 · %(side)s · %(phase)s",
    "VP": "胜利点",
    "Draw": "平局",
    "%(side)s wins": "%(side)s 获胜",
    "Sequence of play": "游戏流程",
}


def fill(path: Path) -> list[str]:
    """Write the translations into the .po file, line by line; returns msgids left untranslated."""
    lines = path.read_text(encoding="utf-8").replace("#, fuzzy\n", "", 1).splitlines()
    out: list[str] = []
    missing: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("msgid "):
            out.append(line)
            i += 1
            continue
        parts = [line[len("msgid ") :]]
        i += 1
        while i < len(lines) and lines[i].startswith('"'):
            parts.append(lines[i])
            i += 1
        out.append(line)
        out.extend(parts[1:])
        msgid = "".join(ast.literal_eval(part) for part in parts)
        if i < len(lines) and lines[i].startswith("msgid_plural "):
            # Chinese has one plural form: msgstr[0] carries the translation
            out.append(lines[i])
            i += 1
            while i < len(lines) and lines[i].startswith('"'):
                out.append(lines[i])
                i += 1
            old_forms = []
            while i < len(lines) and (lines[i].startswith("msgstr[") or lines[i].startswith('"')):
                old_forms.append(lines[i])
                i += 1
            if msgid in ZH:
                out.append(f"msgstr[0] {_quote(ZH[msgid])}")
            else:
                missing.append(msgid)
                out.extend(old_forms)
            continue
        # the msgstr line and its continuation lines
        msgstr_parts = [lines[i][len("msgstr ") :]]
        i += 1
        while i < len(lines) and lines[i].startswith('"'):
            msgstr_parts.append(lines[i])
            i += 1
        if msgid and msgid in ZH:
            out.append(f"msgstr {_quote(ZH[msgid])}")
        else:
            if msgid:
                missing.append(msgid)
            out.append("msgstr " + msgstr_parts[0])
            out.extend(msgstr_parts[1:])
    text = "\n".join(out) + "\n"
    text = text.replace('"Language: \\n"', '"Language: zh_Hans\\n"')
    text = text.replace("charset=CHARSET", "charset=UTF-8")
    for old, new in (
        ("PACKAGE VERSION", "tabula"),
        ("YEAR-MO-DA HO:MI+ZONE", "2026-11-29 00:00+0000"),
        ("FULL NAME <EMAIL@ADDRESS>", "Tabula <tabula@localhost>"),
        ("LANGUAGE <LL@li.org>", "Simplified Chinese"),
    ):
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return missing


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


if __name__ == "__main__":
    left = fill(Path(__file__).parent / "zh_Hans" / "LC_MESSAGES" / "django.po")
    print("untranslated:", left)
