import asyncio, sys, tempfile, json, logging
from pathlib import Path
logging.basicConfig(level=logging.WARNING)
from tests.table_stage import table_stage
from tests.bot.web.client import TableClient

async def main():
    with tempfile.TemporaryDirectory() as d:
        dist = Path(d) / "dist"; (dist / "assets").mkdir(parents=True)
        (dist / "index.html").write_text("<html>table</html>")
        async with table_stage(Path(d), dist=dist) as stage:
            alice, bob = stage.players
            launch = await stage.launch(alice)
            print("launch", launch)
            ans = await stage.sign_in(alice)
            print("signin", {k: (v if k != "access_token" else "...") for k, v in ans.items()})
            async with TableClient(stage.url) as c:
                w = await c.hello(ans["session"], launch.activity_channel_id, launch.guild_id)
                print("welcome", w["t"], w.get("seat"), w.get("match"), len(json.dumps(w)))
                st = await c.of("state")
                v = st["view"]
                print(v["phase"], v["status"], v["action_count"], [l["move"] for l in v["legal"]][:5])
                m = await c.move(v["legal"][0]["move"], v["action_count"])
                print("move", m)
                await asyncio.sleep(0.5)
                print([f["t"] for f in c.frames])
                print(c.view()["action_count"], c.view()["status"]); print(c.raw[-1]); print(len(c.raw[1]), len(c.raw[-1]))

if __name__ == "__main__":
    asyncio.run(main())
