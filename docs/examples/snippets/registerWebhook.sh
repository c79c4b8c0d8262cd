# The answer's secret is shown once: store it to verify each delivery.
curl --fail-with-body -sS -X POST "${BOARDSYNC_URL:-http://localhost:8080}/api/v1/webhooks" \
  -H "Authorization: Bearer $BOARDSYNC_TOKEN" -H 'Content-Type: application/json' \
  -d "{\"url\": \"${WEBHOOK_URL:-https://tool.example/hooks/boardsync}\", \"events\": [\"components.changed\", \"project.updated\"]}"
