# The Idempotency-Key makes a retry store nothing twice; the answer's url goes in a component's image_url.
curl --fail-with-body -sS -X POST "${BOARDSYNC_URL:-http://localhost:8080}/api/v1/projects/$BOARDSYNC_PROJECT/assets" \
  -H "Authorization: Bearer $BOARDSYNC_TOKEN" -H "Idempotency-Key: $(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)" \
  -F file=@squall.png -F convert_to_webp=true
