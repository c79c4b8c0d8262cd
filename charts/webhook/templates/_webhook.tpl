{{- define "webhook.env" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
PUBLIC_BASE_URL: {{ $g.publicBaseUrl | quote }}
{{- end -}}

{{- define "webhook.secretEnv" -}}{{- end -}}

{{- define "webhook.network" -}}
public: gateway
internalFrom: []
calls: []
internet: true
{{- end -}}
