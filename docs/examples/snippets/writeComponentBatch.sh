curl --fail-with-body -sS -X POST "${BOARDSYNC_URL:-http://localhost:8080}/api/v1/projects/$BOARDSYNC_PROJECT/components/batch" \
  -H "Authorization: Bearer $BOARDSYNC_TOKEN" -H 'Content-Type: application/json' \
  -d '{"type": "card", "remove_missing": true, "components": [
        {"unique_id": "sheet-row-17", "name": "Squall", "quantity": 3, "deck_names": ["Weather"]},
        {"unique_id": "sheet-row-18", "name": "Doldrums", "quantity": "2", "deck_names": "Weather|Calm"}]}'
