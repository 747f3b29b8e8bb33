"""A mail sink for tests: a real SMTP server (aiosmtpd) that writes every message it accepts, decoded,
as one JSON file into a directory (infra/mail/smtp-mail.test.ts starts one per suite).

    python3 scripts/services/smtp-sink.py --port 2525 --out /tmp/mails

Prints "ready" on stdout once it accepts connections; stops on SIGTERM or SIGINT. Each file is
{mailFrom, rcptTos, from, to, subject, text, html}, written under a temporary name and renamed, so a
reader never sees half a message.
"""
import argparse
import json
import os
import signal
import time
import uuid
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, out):
        self.out = out

    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        plain = message.get_body(("plain",))
        html = message.get_body(("html",))
        record = {
            "mailFrom": envelope.mail_from,
            "rcptTos": envelope.rcpt_tos,
            "from": str(message["from"]),
            "to": str(message["to"]),
            "subject": str(message["subject"]),
            "text": plain.get_content() if plain else None,
            "html": html.get_content() if html else None,
        }
        name = f"{time.time_ns()}-{uuid.uuid4().hex}.json"
        partial = os.path.join(self.out, name + ".partial")
        with open(partial, "w", encoding="utf-8") as file:
            json.dump(record, file, ensure_ascii=False)
        os.rename(partial, os.path.join(self.out, name))
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    controller = Controller(Sink(args.out), hostname=args.host, port=args.port)
    controller.start()
    print("ready", flush=True)
    try:
        signal.sigwait({signal.SIGTERM, signal.SIGINT})
    finally:
        controller.stop()


if __name__ == "__main__":
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    main()
