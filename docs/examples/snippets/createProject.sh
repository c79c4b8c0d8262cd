curl --fail-with-body -sS -X POST "${BOARDSYNC_URL:-http://localhost:8080}/api/v1/projects" \
  -H "Authorization: Bearer $BOARDSYNC_TOKEN" -H 'Content-Type: application/json' \
  -d '{"name": "Tide Runners", "player_count_min": 2, "player_count_max": 4}'
