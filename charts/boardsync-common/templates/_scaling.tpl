{{- define "boardsync.hpa" -}}
{{- if .Values.autoscaling.enabled -}}
{{- if gt (int .Values.autoscaling.minReplicas) (int .Values.autoscaling.maxReplicas) }}{{ fail (printf "%s.autoscaling: minReplicas (%v) is above maxReplicas (%v)" .Chart.Name .Values.autoscaling.minReplicas .Values.autoscaling.maxReplicas) }}{{ end -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "boardsync.fullname" . }}
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: {{ .Values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .Values.autoscaling.targetCPUUtilizationPercentage }}
    {{- with .Values.autoscaling.kafkaLag }}
    {{- if .enabled }}
    {{- $g := include "boardsync.global" $ | fromYaml }}
    {{- /* an external metric (e.g. kafka_consumergroup_lag from a Kafka exporter through the Prometheus adapter), summed over the group: AverageValue divides it by the replicas */}}
    - type: External
      external:
        metric:
          name: {{ .metricName }}
          selector:
            matchLabels:
              {{ .groupLabel }}: {{ printf "%s%s" (ternary "" (printf "%s." $g.prefix) (empty $g.prefix)) .consumerGroup | quote }}
        target:
          type: AverageValue
          averageValue: {{ .targetLagPerReplica | quote }}
    {{- end }}
    {{- end }}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: {{ .Values.autoscaling.scaleDownStabilizationSeconds }}
{{- end -}}
{{- end -}}

{{- define "boardsync.pdb" -}}
{{- if .Values.podDisruptionBudget.enabled -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ .Values.podDisruptionBudget.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "boardsync.selectorLabels" (list . "server") | nindent 6 }}
{{- end -}}
{{- end -}}
