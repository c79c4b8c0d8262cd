{{- define "boardsync.serviceMonitor" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- if $g.serviceMonitor.enabled -}}
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
    {{- with $g.serviceMonitor.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  selector:
    matchLabels:
      {{- include "boardsync.selectorLabels" (list . "server") | nindent 6 }}
      boardsync.io/listener: metrics
  endpoints:
    - port: metrics
      path: /metrics
      interval: {{ $g.serviceMonitor.interval }}
{{- end -}}
{{- end -}}
