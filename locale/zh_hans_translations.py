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
    path.write_text(text, encoding="utf-8")
    return missing


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


if __name__ == "__main__":
    left = fill(Path(__file__).parent / "zh_Hans" / "LC_MESSAGES" / "django.po")
    print("untranslated:", left)
