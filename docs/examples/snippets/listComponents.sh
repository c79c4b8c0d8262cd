# One page; follow links.next in the answer until it is null.
curl --fail-with-body -sS "${BOARDSYNC_URL:-http://localhost:8080}/api/v1/projects/$BOARDSYNC_PROJECT/components?type=card&per_page=200" \
  -H "Authorization: Bearer $BOARDSYNC_TOKEN"
