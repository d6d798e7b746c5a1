// SPDX-License-Identifier: MIT
// Model panel: the catalogue picker (type to search by name or id), import of a config.json,
// a model.safetensors.index.json or a folder holding them, the weight format for all
// quantizable groups, per-group overrides (e.g. routed experts MXFP4, attention BF16), and the
// KV-cache and recurrent-state formats.
#pragma once

#include "panels/inputpanel.h"
#include "model/modelspec.h"

#include <QList>
#include <QPair>

class QComboBox;
class QFormLayout;
class QLabel;

namespace hostplan::ui {

class ModelPanel : public InputPanel {
    Q_OBJECT
  public:
    explicit ModelPanel(ScenarioDocument *doc, QWidget *parent = nullptr);

    QComboBox *modelCombo() const { return m_model; }
    QComboBox *weightsCombo() const { return m_weights; }
    QComboBox *kvCombo() const { return m_kv; }
    QComboBox *stateCombo() const { return m_state; }
    /// The per-group format combo for `role`, or nullptr when the model has no such group.
    QComboBox *groupCombo(GroupRole role) const;

    /// Import a model from a config.json, an index or a folder as one undoable edit that also
    /// sets the GPU count and layout to auto and the API to the model's own. On error
    /// returns the message (and shows it in the panel); the scenario is unchanged.
    QString importPath(const QString &path);

  private:
    void sync() override;
    void rebuildGroupRows(const std::vector<GroupRole> &roles);
    void askImportFile();
    void askImportFolder();

    QComboBox *m_model;
    QLabel *m_info;
    QComboBox *m_weights;
    QFormLayout *m_groupForm;
    QList<QPair<GroupRole, QComboBox *>> m_groupCombos;
    std::vector<GroupRole> m_roles;
    QComboBox *m_kv;
    QComboBox *m_state;
};

} // namespace hostplan::ui
