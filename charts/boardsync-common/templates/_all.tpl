{{/* Everything a service chart renders; its templates/service.yaml is this one include. */}}
{{- define "boardsync.serviceObjects" -}}
{{- range $part := list "serviceAccount" "configMap" "services" "deployment" "hpa" "pdb" "networkPolicy" "serviceMonitor" }}
{{- $out := include (printf "boardsync.%s" $part) $ | trim }}
{{- if $out }}
---
{{ $out }}
{{- end }}
{{- end }}
{{- if $.Values.migrations }}
{{- range $part := list "migrateJob" "migrateNetworkPolicy" }}
{{- $out := include (printf "boardsync.%s" $part) $ | trim }}
{{- if $out }}
---
{{ $out }}
{{- end }}
{{- end }}
{{- end }}
{{- end -}}
