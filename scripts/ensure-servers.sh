#!/usr/bin/env bash
# Starts the local PostgreSQL, Redis and RabbitMQ when they are down (CI machines and
# developer machines of this project), then waits until each accepts connections.
set -uo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if ! port_open 5432; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
if ! port_open 6379; then
  echo "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
if ! port_open 5672; then
  echo "starting RabbitMQ"
  rabbitmq-server -detached || true
fi

# RabbitMQ can take half a minute to accept AMQP connections: retry a real connection.
node -e '
const amqp = require("amqplib");
const deadline = Date.now() + 90000;
(async function wait() {
  for (;;) {
    try { const c = await amqp.connect(process.env.AMQP_URL || "amqp://guest:guest@127.0.0.1:5672"); await c.close(); return; }
    catch (e) { if (Date.now() > deadline) { console.error("RabbitMQ not reachable:", e.message); process.exit(1); } await new Promise(r => setTimeout(r, 200)); }
  }
})();
'
for i in $(seq 1 100); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.2; done
pg_isready -h 127.0.0.1 -p 5432
redis-cli -h 127.0.0.1 ping
